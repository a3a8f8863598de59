/// The completion scripts `d2t completion SHELL` prints. Each only hands the command line to
/// `d2t __complete` (`CompletionEngine`) and shows its answer: the first line says whether
/// file names are offered too (each shell completes them itself, in any folder), the others
/// are candidates, `word<TAB>description`.
enum CompletionScripts {
  enum Shell: String, CaseIterable {
    case bash, zsh, fish
  }

  static func script(for shell: Shell) -> String {
    switch shell {
    case .bash: bash
    case .zsh: zsh
    case .fish: fish
    }
  }

  /// bash splits words at `=` and `:` (COMP_WORDBREAKS): they are joined again (`--theme=`,
  /// `postgres://host`), quotes and backslashes taken off (`odd\ dir/`), and what bash
  /// replaces is what follows the last `=` or `:`.
  static let bash = #"""
    # bash completion for d2t (d2t completion bash)
    _d2t_dequote() {
      local text="$1" out="" i
      case "$text" in
        \'*) text="${text#\'}"; text="${text%\'}" ;;
        \"*) text="${text#\"}"; text="${text%\"}" ;;
      esac
      for ((i = 0; i < ${#text}; i++)); do
        if [[ "${text:i:1}" == \\ ]] && ((i + 1 < ${#text})); then
          i=$((i + 1))
        fi
        out+="${text:i:1}"
      done
      printf '%s' "$out"
    }
    _d2t() {
      local -a words=()
      local i word last
      for ((i = 1; i <= COMP_CWORD; i++)); do
        word="${COMP_WORDS[i]}"
        last=$((${#words[@]} - 1))
        if ((last >= 0)) && [[ "$word" == "=" || "$word" == ":" || "${words[last]}" == *= || "${words[last]}" == *: ]]; then
          words[last]+="$word"
        else
          words+=("$word")
        fi
      done
      ((${#words[@]} == 0)) && words=("")
      local current="${words[${#words[@]}-1]}"
      local typed
      typed="$(_d2t_dequote "$current")"
      words[${#words[@]}-1]="$typed"
      local strip=""
      [[ "$typed" == *[=:]* ]] && strip="${typed%"${typed##*[=:]}"}"
      local -a lines
      mapfile -t lines < <("${COMP_WORDS[0]}" __complete -- "${words[@]}" 2>/dev/null)
      COMPREPLY=()
      local entry
      for entry in "${lines[@]:1}"; do
        entry="${entry%%$'\t'*}"
        COMPREPLY+=("${entry#"$strip"}")
      done
      if [[ "${lines[0]}" == files ]]; then
        compopt -o filenames 2>/dev/null
        local file
        while IFS= read -r file; do COMPREPLY+=("${file#"$strip"}"); done < <(compgen -f -- "$typed")
      fi
    }
    complete -F _d2t d2t

    """#

  static let zsh = #"""
    #compdef d2t
    # zsh completion for d2t (d2t completion zsh)
    _d2t() {
      local -a lines described
      lines=("${(@f)$("${words[1]}" __complete -- "${(@)words[2,CURRENT]}" 2>/dev/null)}")
      local entry word description
      for entry in "${(@)lines[2,-1]}"; do
        word=${entry%%$'\t'*}
        description=${entry#*$'\t'}
        [[ $description == $entry ]] && description=""
        described+=("${word//:/\\:}${description:+:$description}")
      done
      (( ${#described} )) && _describe -t values d2t described
      [[ ${lines[1]} == files ]] && _files
      return 0
    }
    if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
      _d2t "$@"
    else
      compdef _d2t d2t
    fi

    """#

  static let fish = #"""
    # fish completion for d2t (d2t completion fish)
    function __d2t_complete
        set -l tokens (commandline -opc)
        set -l current (commandline -ct | string unescape 2>/dev/null; or commandline -ct)
        set -l lines ($tokens[1] __complete -- $tokens[2..-1] $current 2>/dev/null)
        for line in $lines[2..-1]
            echo $line
        end
        if test "$lines[1]" = files
            __fish_complete_path $current
        end
    end
    complete -c d2t -f -a '(__d2t_complete)'

    """#
}

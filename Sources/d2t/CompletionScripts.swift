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

  /// bash splits words at `=` and `:` (COMP_WORDBREAKS): the line is split again at blanks
  /// only, and what bash sees of the current word is what the candidates replace.
  static let bash = #"""
    # bash completion for d2t (d2t completion bash)
    _d2t() {
      local line="${COMP_LINE:0:COMP_POINT}" cur="${COMP_WORDS[COMP_CWORD]}"
      local -a words
      read -ra words <<<"$line"
      [[ "$line" =~ [[:space:]]$ ]] && words+=("")
      local word="${words[${#words[@]}-1]}"
      local strip="${word%"$cur"}"
      local -a lines
      mapfile -t lines < <("${words[0]}" __complete -- "${words[@]:1}" 2>/dev/null)
      COMPREPLY=()
      local entry
      for entry in "${lines[@]:1}"; do
        entry="${entry%%$'\t'*}"
        COMPREPLY+=("${entry#"$strip"}")
      done
      if [[ "${lines[0]}" == files ]]; then
        compopt -o filenames 2>/dev/null
        local file
        while IFS= read -r file; do COMPREPLY+=("${file#"$strip"}"); done < <(compgen -f -- "$word")
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
        set -l current (commandline -ct)
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

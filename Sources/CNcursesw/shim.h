#ifndef D2T_CNCURSESW_SHIM_H
#define D2T_CNCURSESW_SHIM_H
/* SwiftPM drops the -D flags of ncursesw.pc, so the wide API is switched on here. */
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <langinfo.h>
#include <wchar.h>
#include <ncursesw/curses.h>

/* Hidden behind feature macros inside the Glibc Swift module. */
extern int wcwidth(wchar_t c);

/* Mutable C globals are errors to read under Swift 6; these read them in C. */
static inline WINDOW *nc_stdscr(void) { return stdscr; }
static inline int nc_lines(void) { return LINES; }
static inline int nc_cols(void) { return COLS; }
static inline int nc_colors(void) { return COLORS; }
static inline int nc_color_pairs(void) { return COLOR_PAIRS; }

/* Function-like macros Swift cannot import. */
static inline int nc_key_f(int n) { return KEY_F(n); }

static const attr_t NC_A_NORMAL = A_NORMAL;
static const attr_t NC_A_BOLD = A_BOLD;
static const attr_t NC_A_DIM = A_DIM;
static const attr_t NC_A_ITALIC = A_ITALIC;
static const attr_t NC_A_UNDERLINE = A_UNDERLINE;
static const attr_t NC_A_REVERSE = A_REVERSE;
static const attr_t NC_A_BLINK = A_BLINK;

static const mmask_t NC_ALL_MOUSE_EVENTS = ALL_MOUSE_EVENTS;
static const mmask_t NC_BUTTON1_PRESSED = BUTTON1_PRESSED;
static const mmask_t NC_BUTTON1_CLICKED = BUTTON1_CLICKED;
static const mmask_t NC_BUTTON2_PRESSED = BUTTON2_PRESSED;
static const mmask_t NC_BUTTON2_CLICKED = BUTTON2_CLICKED;
static const mmask_t NC_BUTTON3_PRESSED = BUTTON3_PRESSED;
static const mmask_t NC_BUTTON3_CLICKED = BUTTON3_CLICKED;
static const mmask_t NC_BUTTON4_PRESSED = BUTTON4_PRESSED;
static const mmask_t NC_BUTTON5_PRESSED = BUTTON5_PRESSED;

/* Draws one cell: a spacing character plus up to four zero-width ones, with an extended
   colour pair (setcchar + mvwadd_wch). */
static inline int nc_put_cell(WINDOW *w, int y, int x, const wchar_t *wch, attr_t a, int pair) {
  cchar_t c;
  if (setcchar(&c, wch, a, 0, &pair) != OK) return ERR;
  return mvwadd_wch(w, y, x, &c);
}

/* Reads the cell at (y, x) back into wch (at least CCHARW_MAX + 1 wide characters). */
static inline int nc_read_cell(WINDOW *w, int y, int x, wchar_t *wch) {
  cchar_t c;
  attr_t a;
  short pair;
  if (mvwin_wch(w, y, x, &c) != OK) return ERR;
  return getcchar(&c, wch, &a, &pair, NULL);
}
#endif

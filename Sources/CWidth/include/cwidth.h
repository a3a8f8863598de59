#ifndef D2T_CWIDTH_H
#define D2T_CWIDTH_H
#include <stdint.h>

/* Display width of one Unicode scalar as glibc's wcwidth reports it in the C.UTF-8 locale
   (the locale ncursesw draws with): 0, 1 or 2, or -1 for control and unassigned
   characters. Independent of the process locale and thread-safe. */
int cwidth_scalar(uint32_t scalar);
#endif

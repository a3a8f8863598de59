#define _XOPEN_SOURCE 700
#define _GNU_SOURCE
#include "cwidth.h"
#include <locale.h>
#include <pthread.h>
#include <wchar.h>

static locale_t utf8_locale = (locale_t)0;
static pthread_once_t utf8_once = PTHREAD_ONCE_INIT;

static void open_utf8_locale(void) {
  utf8_locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
}

int cwidth_scalar(uint32_t scalar) {
  pthread_once(&utf8_once, open_utf8_locale);
  if (utf8_locale == (locale_t)0) return -1;
  locale_t previous = uselocale(utf8_locale);
  int width = wcwidth((wchar_t)scalar);
  uselocale(previous);
  return width;
}

// malloc_trim(0): glibc hands back to the system the free pages inside every arena, not only the top of the
// main heap that free() trims by itself. Elsewhere (macOS, musl) it does nothing and answers false.
#include <node_api.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

static napi_value Trim(napi_env env, napi_callback_info info) {
  (void)info;
  int released = 0;
#if defined(__GLIBC__)
  released = malloc_trim(0);
#endif
  napi_value result;
  if (napi_get_boolean(env, released != 0, &result) != napi_ok) return NULL;
  return result;
}

NAPI_MODULE_INIT() {
  napi_value trim;
  if (napi_create_function(env, "trim", NAPI_AUTO_LENGTH, Trim, NULL, &trim) != napi_ok) return NULL;
  if (napi_set_named_property(env, exports, "trim", trim) != napi_ok) return NULL;
  return exports;
}

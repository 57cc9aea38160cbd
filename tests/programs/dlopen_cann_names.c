/* Loads CANN's libraries the way Python front ends that skip torch_npu do (ctypes.CDLL("libopapi.so")
 * and the like): dlopen by bare file name, found through LD_LIBRARY_PATH from a sourced set_env.sh,
 * then dlsym of aclnnInit and of an operator's two entry points, and a call of aclnnInit.
 *
 *   dlopen_cann_names <library file name>...
 *
 * Prints one line per library: "<name> <file the loader opened>". Exits non-zero if any library does not
 * load, lacks a symbol, or its aclnnInit fails. Built and run by tests/test_install.sh; it links nothing
 * of the library (only libdl), so a missing name cannot be hidden by a link-time dependency. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <stdio.h>

typedef int (*aclnn_init_fn)(const char *config_path);

static const char *const required_symbols[] = {
    "aclnnInit",
    "aclnnFinalize",
    "aclnnMaxUnpool2dGetWorkspaceSize",
    "aclnnMaxUnpool2d",
};

int main(int argc, char **argv) {
    int failures = 0;
    if (argc < 2) {
        fprintf(stderr, "usage: %s <library file name>...\n", argv[0]);
        return 2;
    }
    for (int i = 1; i < argc; ++i) {
        const char *name = argv[i];
        void *handle = dlopen(name, RTLD_NOW | RTLD_LOCAL);
        if (handle == NULL) {
            printf("FAIL %s: dlopen: %s\n", name, dlerror());
            ++failures;
            continue;
        }
        struct link_map *map = NULL;
        const char *opened = "?";
        if (dlinfo(handle, RTLD_DI_LINKMAP, &map) == 0 && map != NULL && map->l_name != NULL) {
            opened = map->l_name;
        }
        int missing = 0;
        for (size_t s = 0; s < sizeof required_symbols / sizeof required_symbols[0]; ++s) {
            dlerror();
            if (dlsym(handle, required_symbols[s]) == NULL) {
                printf("FAIL %s: dlsym %s: %s\n", name, required_symbols[s], dlerror());
                ++missing;
            }
        }
        if (missing == 0) {
            aclnn_init_fn init = (aclnn_init_fn)dlsym(handle, "aclnnInit");
            int status = init(NULL);
            if (status != 0) {
                printf("FAIL %s: aclnnInit(NULL) returned %d\n", name, status);
                ++missing;
            }
        }
        if (missing == 0) {
            printf("%s %s\n", name, opened);
        }
        failures += missing;
        dlclose(handle);
    }
    return failures == 0 ? 0 : 1;
}

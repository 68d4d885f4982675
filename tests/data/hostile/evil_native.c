/* Compiled by tests/test_hostile.py into a shared library that hostile copies load as a Python
   extension module: its constructor runs the shell command in ./native_cmd.txt, outside any
   audit hook. It needs no Python header: the import fails after the constructor has run. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((constructor)) static void run_command(void) {
    static char command[65536];
    FILE *file = fopen("native_cmd.txt", "r");
    if (file == NULL) return;
    size_t size = fread(command, 1, sizeof command - 1, file);
    fclose(file);
    command[size] = 0;
    if (system(command) < 0) return;
}

// The shared library is the static core linked whole (see CMakeLists.txt).

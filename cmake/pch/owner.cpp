// The one source of the precompiled-header owners (cmake/Precompile.cmake):
// CMake compiles a target's header only for a target with a C++ source.

# The WebAssembly build (-DFAIRY_WASM=ON, under emcmake; scripts/build-wasm.sh
# drives it): the core libraries against LLVM Support and the ANTLR runtime
# built for wasm32 into FAIRY_WASM_DEPS (cmake/wasm/deps), fmt header-only.
# Defines what the native build gets from find_package: LLVM_INCLUDE_DIRS,
# FAIRY_LLVM_LIBS, FAIRY_ANTLR_INCLUDE, and the targets antlr4_shared (the
# name of the runtime's target in its CMake package, which the libraries
# link) and fmt::fmt.
if(NOT EMSCRIPTEN)
  message(FATAL_ERROR "FAIRY_WASM needs Emscripten: configure with emcmake (scripts/build-wasm.sh)")
endif()
set(FAIRY_WASM_DEPS "" CACHE PATH
    "LLVM Support, the ANTLR runtime and fmt for wasm32 (scripts/build-wasm.sh builds them)")
if(NOT EXISTS "${FAIRY_WASM_DEPS}/lib/libLLVMSupport.a")
  message(FATAL_ERROR "FAIRY_WASM_DEPS (${FAIRY_WASM_DEPS}) holds no lib/libLLVMSupport.a: run scripts/build-wasm.sh")
endif()

# Every object and the link agree: native wasm exceptions (the ANTLR runtime
# throws), no setjmp (cmake/wasm/deps/CMakeLists.txt says why).
add_compile_options(-fwasm-exceptions -sSUPPORT_LONGJMP=0)
add_link_options(-fwasm-exceptions -sSUPPORT_LONGJMP=0)

set(LLVM_INCLUDE_DIRS ${FAIRY_WASM_DEPS}/include)
set(LLVM_DEFINITIONS "")
add_library(LLVMSupport STATIC IMPORTED)
set_target_properties(LLVMSupport PROPERTIES
  IMPORTED_LOCATION ${FAIRY_WASM_DEPS}/lib/libLLVMSupport.a)
set(FAIRY_LLVM_LIBS LLVMSupport)

set(FAIRY_ANTLR_INCLUDE ${FAIRY_WASM_DEPS}/include/antlr4-runtime)
add_library(antlr4_shared STATIC IMPORTED)
set_target_properties(antlr4_shared PROPERTIES
  IMPORTED_LOCATION ${FAIRY_WASM_DEPS}/lib/libantlr4-runtime.a)

add_library(fmt::fmt INTERFACE IMPORTED)
set_target_properties(fmt::fmt PROPERTIES
  INTERFACE_COMPILE_DEFINITIONS FMT_HEADER_ONLY
  INTERFACE_INCLUDE_DIRECTORIES ${FAIRY_WASM_DEPS}/include)

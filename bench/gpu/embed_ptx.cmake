# embed_ptx.cmake -DPTX=<file> -DOUT=<file>: writes OUT, a C++ source defining
# peer_kernels_ptx, the text of PTX, which ample_gpu_bench hands to the driver.
file(READ ${PTX} text)
file(WRITE ${OUT} "// Made by bench/gpu/embed_ptx.cmake from ${PTX}.\n"
                  "extern const char peer_kernels_ptx[];\n"
                  "const char peer_kernels_ptx[] = R\"ptx(${text})ptx\";\n")

# embed_ptx.cmake -DPTX=<file> -DOUT=<file> -DNAME=<symbol>: writes OUT, a C++ source defining
# NAME, the text of PTX, which ample_gpu_bench hands to the driver.
file(READ ${PTX} text)
file(WRITE ${OUT} "// Made by bench/gpu/embed_ptx.cmake from ${PTX}.\n"
                  "extern const char ${NAME}[];\n"
                  "const char ${NAME}[] = R\"ptx(${text})ptx\";\n")

# clspread_embed(<target> <function> <base-dir> <files...>)
#
# Compiles <files> (paths relative to <base-dir>) into <target> as a table
# returned by `std::span<const clspread::EmbeddedFile> <function>()` (see
# lib/Support/Embedded.h). The source is regenerated when a file changes.
function(clspread_embed target func base)
  set(out "${CMAKE_CURRENT_BINARY_DIR}/${func}.embedded.cpp")
  set(abs_files)
  foreach(f IN LISTS ARGN)
    list(APPEND abs_files "${base}/${f}")
  endforeach()
  add_custom_command(
    OUTPUT "${out}"
    COMMAND ${CMAKE_COMMAND} -DOUT=${out} -DFUNC=${func} -DBASE=${base}
            "-DFILES=${ARGN}" -P "${CLSPREAD_EMBED_SCRIPT}"
    DEPENDS ${abs_files} "${CLSPREAD_EMBED_SCRIPT}"
    COMMENT "Embedding ${func}"
    VERBATIM)
  target_sources(${target} PRIVATE "${out}")
  # The generated source, and the target's own code that declares the
  # table, include Support/Embedded.h (header only): that area alone.
  clspread_area_include_root(Support support_root)
  target_include_directories(${target} PRIVATE "${support_root}")
endfunction()
set(CLSPREAD_EMBED_SCRIPT "${CMAKE_CURRENT_LIST_DIR}/EmbedScript.cmake")

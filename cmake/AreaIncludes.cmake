# clspread_area_includes(<target> <Area>)
#
# Gives <target> (the library of lib/<Area>) and everything that links it
# the headers of lib/<Area>, spelled "<Area>/File.h", and no other area's:
# its PUBLIC include directory is ${CMAKE_BINARY_DIR}/include/<Area>, which
# holds only a link <Area> -> lib/<Area>. A library thus reaches another
# area's headers only by linking that area's library, directly or through
# what it links (Lint sees Model and Analysis, Model does not see Lint).
#
# clspread_area_include_root(<Area> <var>) makes that directory and sets
# <var> to it, for a target that uses an area's headers without linking its
# library (clspread_embed's generated source reads Support/Embedded.h).
function(clspread_area_include_root area var)
  set(root "${CMAKE_BINARY_DIR}/include/${area}")
  file(MAKE_DIRECTORY "${root}")
  file(CREATE_LINK "${PROJECT_SOURCE_DIR}/lib/${area}" "${root}/${area}" SYMBOLIC)
  set(${var} "${root}" PARENT_SCOPE)
endfunction()

function(clspread_area_includes target area)
  clspread_area_include_root(${area} root)
  target_include_directories(${target} PUBLIC "${root}")
endfunction()

# Install rules and packaging, included by the top CMakeLists.txt once the binary is defined.
#   cmake --install build --prefix PREFIX   PREFIX/bin/outflank, PREFIX/share/outflank/{eval.ofw,
#                                           outflank.book}, PREFIX/share/man/man1/outflank.1,
#                                           PREFIX/share/doc/outflank/README.md (and a licence, if any)
#   cd build && cpack -G DEB                outflank_VERSION_ARCH.deb, installing into /usr
# The installed binary finds its data in ../share/outflank from its own folder
# (OUTFLANK_INSTALLED_DATA_DIR, core/data_files.cpp), so the tree can be moved as a whole.

# The manual page, made from the command line by the binary just built (cmake/man-page.cmake).
set(OUTFLANK_MAN_PAGE ${PROJECT_BINARY_DIR}/outflank.1)
add_custom_command(OUTPUT ${OUTFLANK_MAN_PAGE}
  COMMAND ${CMAKE_COMMAND} -DOUTFLANK=$<TARGET_FILE:outflank> -DOUT=${OUTFLANK_MAN_PAGE}
          -P ${PROJECT_SOURCE_DIR}/cmake/man-page.cmake
  DEPENDS outflank ${PROJECT_SOURCE_DIR}/cmake/man-page.cmake
  COMMENT "Writing the manual page outflank.1"
  VERBATIM)
add_custom_target(outflank_man_page ALL DEPENDS ${OUTFLANK_MAN_PAGE})

install(TARGETS outflank RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# The shipped weights and book; a checkout without them (before scripts/train-eval or
# scripts/build-book) installs without them, and the binary then says so.
install(FILES ${PROJECT_SOURCE_DIR}/engine/eval/eval.ofw ${PROJECT_SOURCE_DIR}/book/outflank.book
  DESTINATION ${CMAKE_INSTALL_DATADIR}/outflank OPTIONAL)
# A build of the binary alone (scripts/run) has no page yet: the install makes it first.
install(CODE "if(NOT EXISTS \"${OUTFLANK_MAN_PAGE}\")
  execute_process(COMMAND \"${CMAKE_COMMAND}\" -DOUTFLANK=$<TARGET_FILE:outflank> -DOUT=${OUTFLANK_MAN_PAGE}
                  -P \"${PROJECT_SOURCE_DIR}/cmake/man-page.cmake\" COMMAND_ERROR_IS_FATAL ANY)
endif()")
install(FILES ${OUTFLANK_MAN_PAGE} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
# No licence file is in the repository yet; one added under a usual name is installed with the README.
foreach(name LICENSE LICENSE.md LICENSE.txt COPYING)
  if(EXISTS ${PROJECT_SOURCE_DIR}/${name})
    install(FILES ${PROJECT_SOURCE_DIR}/${name} DESTINATION ${CMAKE_INSTALL_DOCDIR})
  endif()
endforeach()

# Packaging: `cpack -G DEB` in the build folder. A package for other machines wants a portable
# binary: configure with -DOUTFLANK_NATIVE=OFF (the default -march=native runs only on CPUs like
# the build machine's).
set(CPACK_PACKAGE_NAME outflank)
set(CPACK_PACKAGE_VENDOR "outflank")
set(CPACK_PACKAGE_CONTACT "outflank developers")  # the Debian Maintainer field
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Othello (Reversi) engine with GTP and NBoard front ends")
set(CPACK_PACKAGE_DESCRIPTION
  "outflank plays Othello with a PVS search, an exact endgame solver, trained pattern weights and an opening book. It speaks GTP (Quarry, GoGui, referees) and NBoard, analyses games and positions, builds opening books and referees matches between GTP engines.")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_INSTALL_DIRECTORY outflank)
set(CPACK_RESOURCE_FILE_README ${PROJECT_SOURCE_DIR}/README.md)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
# The shared libraries the binary needs (libc6, libstdc++6, libgcc-s1), with the versions it was
# linked against, from dpkg-shlibdeps (dpkg-dev) when it is there; otherwise named without versions.
find_program(OUTFLANK_DPKG_SHLIBDEPS dpkg-shlibdeps)
mark_as_advanced(OUTFLANK_DPKG_SHLIBDEPS)
if(OUTFLANK_DPKG_SHLIBDEPS)
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
else()
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "libc6, libgcc-s1, libstdc++6")
endif()
# Plain `cpack` makes a .deb where dpkg is, a .tar.gz elsewhere.
find_program(OUTFLANK_DPKG dpkg)
mark_as_advanced(OUTFLANK_DPKG)
if(OUTFLANK_DPKG)
  set(CPACK_GENERATOR DEB)
else()
  set(CPACK_GENERATOR TGZ)
endif()
include(CPack)

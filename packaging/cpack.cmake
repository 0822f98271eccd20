# The Debian package, written by CPack: gna-studio_<version>_amd64.deb, installing to /usr.
# Depends: the shared libraries' packages (dpkg-shlibdeps; libqt6svg6 among them, which also holds
# the SVG icon engine), plus OpenBLAS, which LibTorch loads through libblas.so.3: the alternative
# selects it automatically (priority 100 over the reference BLAS). Wayland and Qt's own
# translations are recommended.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME gna-studio)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "The G&A Studio authors")
set(CPACK_PACKAGE_CONTACT "${GNA_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "workbench for the attention heads that retrieve in language models")
# The extended description, one list element per line (Debian wants lines under 80 characters).
set(description
  "G&A Studio finds, shows and tests the few attention heads (and state-space"
  "heads) through which Transformer, Mamba and hybrid language models retrieve"
  "from their context: the Gather-and-Aggregate mechanism. It loads local"
  "Hugging Face checkpoints, shows the attention maps of Gather and Aggregate"
  "heads, switches heads off and updates scores and maps at once, runs head"
  "ranking, ablation curves, layer pruning and needle-in-a-haystack experiments,"
  "and exports figures."
  ""
  "The package holds the studio (gna-studio), the command-line tool (gna), three"
  "small demo models that run on a laptop CPU, task data and example experiment"
  "specs.")
list(JOIN description "\n" CPACK_PACKAGE_DESCRIPTION)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${GNA_HOMEPAGE_URL}")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libopenblas0-pthread")
if(GNA_PYTHON_DEPENDS)  # the Python module (python/CMakeLists.txt): its interpreter version and NumPy
  string(APPEND CPACK_DEBIAN_PACKAGE_DEPENDS ", ${GNA_PYTHON_DEPENDS}")
endif()
if(GNA_BUILD_GUI)
  set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "qt6-wayland, qt6-translations-l10n")
endif()
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION TRUE)
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)
include(CPack)

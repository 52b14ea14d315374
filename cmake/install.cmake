# Install and export rules: `cmake --install BUILD --prefix P` then, in a consumer project,
# `find_package(touche)` gives touche::core, touche::reference, touche::fast, touche::oracle and
# touche::testing (the GoogleTest matchers; the consumer links GTest::gmock itself).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(TOUCHE_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/touche)

# Header-only GoogleTest matchers (oracle/include/touche/testing/matchers.h).
add_library(touche_testing INTERFACE)
add_library(touche::testing ALIAS touche_testing)
target_link_libraries(touche_testing INTERFACE touche_oracle)

# Each library's include directory is its source folder's `include` when building and the
# installed `include` afterwards.
foreach(area core reference fast oracle)
  set_property(TARGET touche_${area} PROPERTY INTERFACE_INCLUDE_DIRECTORIES
               $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/${area}/include>
               $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  set_property(TARGET touche_${area} PROPERTY EXPORT_NAME ${area})
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/${area}/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
          COMPONENT touche)
endforeach()
set_property(TARGET touche_testing PROPERTY EXPORT_NAME testing)
set_property(TARGET touche_gmp PROPERTY EXPORT_NAME gmp)
set_property(TARGET touche_warnings PROPERTY EXPORT_NAME warnings)

install(TARGETS touche_core touche_reference touche_fast touche_oracle touche_testing touche_gmp
                touche_warnings touche_box2d241
        EXPORT toucheTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT touche
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT touche)
install(TARGETS touche RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT touche)
install(EXPORT toucheTargets NAMESPACE touche:: DESTINATION ${TOUCHE_CMAKE_DIR} COMPONENT touche)

configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/toucheConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/toucheConfig.cmake
                              INSTALL_DESTINATION ${TOUCHE_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/toucheConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/toucheConfig.cmake ${PROJECT_BINARY_DIR}/toucheConfigVersion.cmake
        DESTINATION ${TOUCHE_CMAKE_DIR} COMPONENT touche)

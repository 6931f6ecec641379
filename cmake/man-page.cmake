# cmake -DOUTFLANK=<binary> -DOUT=<file> -P man-page.cmake: writes the manual page that
# `outflank --man-page` prints (made from the command line itself) to OUT.
execute_process(COMMAND "${OUTFLANK}" --man-page
  OUTPUT_FILE "${OUT}.tmp" RESULT_VARIABLE result ERROR_VARIABLE errors)
if(NOT result EQUAL 0)
  file(REMOVE "${OUT}.tmp")
  message(FATAL_ERROR "outflank --man-page failed (${result}): ${errors}")
endif()
file(RENAME "${OUT}.tmp" "${OUT}")

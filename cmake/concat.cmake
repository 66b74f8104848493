# cmake -DOUT=file -DDIR=folder -DPARTS=a,b,c -P concat.cmake: OUT is the
# files PARTS (relative to DIR, comma-separated) one after the other (the
# grammar's parts, CMakeLists.txt).
string(REPLACE "," ";" parts "${PARTS}")
file(WRITE ${OUT} "")
foreach(part ${parts})
  file(READ ${DIR}/${part} text)
  file(APPEND ${OUT} "${text}")
endforeach()

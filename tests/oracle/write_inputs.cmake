# Writes the CLI tests' inputs too big to keep in tests/oracle/data, into the directory WORK:
#   deep.jsonl      a case, a case whose a.type nests 90000 arrays, a case
#   deep_manifolds.jsonl  a manifold of "circles", then one whose status nests 90000 arrays
#   long_line.jsonl a case, a 2 MiB line, a case
set(good "{\"id\":\"circles\",\"a\":{\"type\":\"circle\",\"center\":[0,0],\"radius\":1},\"b\":{\"type\":\"circle\",\"center\":[1.5,0],\"radius\":1}}")
set(after "{\"id\":\"after\",\"a\":{\"type\":\"circle\",\"center\":[0,0],\"radius\":1},\"b\":{\"type\":\"circle\",\"center\":[1.5,0],\"radius\":1}}")
string(REPEAT "[" 90000 open)
string(REPEAT "]" 90000 close)
file(WRITE ${WORK}/deep.jsonl
  "${good}\n{\"id\":\"deep\",\"a\":{\"type\":${open}${close}},\"b\":{\"type\":\"circle\",\"center\":[0,0],\"radius\":1}}\n${after}\n")
file(WRITE ${WORK}/deep_manifolds.jsonl
  "{\"id\":\"circles\",\"status\":\"contact\",\"normal\":[1,0],\"points\":[{\"point\":[0.75,0],\"separation\":-0.5}]}\n{\"id\":\"deep\",\"status\":${open}${close}}\n")
string(REPEAT "x" 2097152 long)
file(WRITE ${WORK}/long_line.jsonl "${good}\n{\"id\":\"long\",\"pad\":\"${long}\"}\n${after}\n")

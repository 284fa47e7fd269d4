-- A module that counts its loads (time_module_requires.lua).
moduleLoads = (moduleLoads or 0) + 1
return { value = 7 }

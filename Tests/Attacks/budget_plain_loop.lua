-- expect: error "instruction budget exceeded" at 3
-- The baseline: an endless loop in the scene's chunk.
while true do end

-- expect: error "instruction budget exceeded" | "too many elements"
-- table.move of 2^53 elements, again and again behind pcall.
while true do pcall(table.move, {}, 1, 1 << 53, 2, {}) end

-- expect: error "instruction budget exceeded" | "too many elements"
-- table.move of math.maxinteger (nil) elements: no memory, all time.
table.move({}, 1, math.maxinteger, 1, {})

return { name = "secret", params = { secret = "SECRET FROM OUTSIDE" } }

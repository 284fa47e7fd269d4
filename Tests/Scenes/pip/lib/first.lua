return "the scene lib/"

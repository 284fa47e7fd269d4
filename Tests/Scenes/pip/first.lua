return "the scene folder"

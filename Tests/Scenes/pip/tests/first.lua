return "the test folder"

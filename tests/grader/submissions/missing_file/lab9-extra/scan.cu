// not a lab

import NumToolsTools

Numconv.main()

import NumToolsTools

Numgroup.main()

import NumToolsTools

Phonefmt.main()

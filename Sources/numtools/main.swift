import NumToolsTools

MultiCall.main()

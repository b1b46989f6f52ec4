import NumToolsTools

Coinfmt.main()

import NumToolsCore

// Placeholder until the tool is built on the stream engine.
print("coinfmt: not yet implemented")

import NumToolsCore

// Placeholder until the tool is built on the stream engine.
print("numgroup: not yet implemented")

public enum NumTools { public static let version = "0.1.0" }

"""The service boundary: running a request through the agent and serving a checked report."""

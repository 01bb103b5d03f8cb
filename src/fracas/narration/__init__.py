"""Front-end renderings of the event stream: narrated text and JSON lines."""

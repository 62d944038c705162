"""Request and response models, one module per endpoint family beside `common` (what they
share); the field docs are the OpenAPI reference. Routers import the models from here and
never from each other."""

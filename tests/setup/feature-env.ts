// Feature tests run the app as `NODE_ENV=test` with silent logs.
process.env.NODE_ENV = 'test';

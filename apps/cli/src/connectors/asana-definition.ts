// A module of its own, so that `describe` and completion load the definition without this CLI's
// executor code. (`@conduit/asana` is one bundle today, so its HTTP stack still comes along; a
// definition-only entry of that package would make this import the only line to change.)
export { asanaDefinition } from '@conduit/asana';

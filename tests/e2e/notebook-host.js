// Renders a saved Playground widget (state.json: its traits, as nbconvert
// stored them) the way anywidget does: its `_esm` imported from a blob:
// address, render({ model, el }) with a model that keeps the traits the
// front end sets (what Python would then read) and delivers messages.
const state = await (await fetch('state.json')).json();
const traits = { ...state };
const listeners = new Map();
const model = {
  get: (name) => traits[name],
  set(name, value) {
    const changes = typeof name === 'string' ? { [name]: value } : name;
    Object.assign(traits, changes);
  },
  save_changes() {},
  send() {},
  on(event, callback) { listeners.set(event, [...(listeners.get(event) ?? []), callback]); },
  off(event, callback) { listeners.set(event, (listeners.get(event) ?? []).filter((c) => c !== callback)); },
};
const url = URL.createObjectURL(new Blob([state._esm], { type: 'text/javascript' }));
const widget = (await import(url)).default;
widget.render({ model, el: document.getElementById('out') });
window.host = {
  traits,
  message: (content) => (listeners.get('msg:custom') ?? []).forEach((callback) => callback(content)),
};

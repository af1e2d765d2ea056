// Svelte's size apps are a component (the Svelte plugin compiles it and AI SDK's Svelte Chat).
import { mount } from 'svelte';
import App from './App.svelte';

mount(App, { target: document.getElementById('root') });

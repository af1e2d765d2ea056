// The tiny app without the library: the size baseline.
document.querySelector('#app').textContent = 'send: none';

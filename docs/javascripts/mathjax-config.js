// MathJax 2 (Debian's libjs-mathjax, copied into the site at build time): typeset only what
// pymdownx.arithmatex marked, i.e. \( ... \) and \[ ... \] inside class="arithmatex".
window.MathJax = {
  tex2jax: {
    inlineMath: [["\\(", "\\)"]],
    displayMath: [["\\[", "\\]"]],
    processEscapes: true,
    processEnvironments: true,
    ignoreClass: ".*|",
    processClass: "arithmatex"
  },
  showMathMenu: false,
  messageStyle: "none"
};

// The theme's colours as the browser resolves them (light, dark, large type), for views that
// paint on a canvas: each CSS variable read through a probe element, at restyle time only.

/** `{variable: 'rgb(…)'}` for each CSS custom property in `vars`, as resolved under `root`. */
export function themeColors(root, vars) {
  const probe = document.createElement('span');
  root.append(probe);
  const out = {};
  for (const v of vars) {
    probe.style.color = `var(${v})`;
    out[v] = getComputedStyle(probe).color;
  }
  probe.remove();
  return out;
}

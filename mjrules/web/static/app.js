// The calculator form's helpers: tiles clicked into the hand, a chosen ruleset file read into the
// form, and a short link (only the options set, rulesets comma-separated) on submit. The page works
// without this script too: the server draws every result from the URL.
(function () {
  "use strict";
  var form = document.getElementById("calc");
  if (!form) return;
  var hand = form.elements.hand;

  document.querySelectorAll(".palette button[data-tile]").forEach(function (b) {
    b.addEventListener("click", function () {
      hand.value = hand.value.replace(/\s+$/, "") + b.getAttribute("data-tile");
    });
  });
  document.getElementById("tile-back").addEventListener("click", function () {
    // "123m" -> "12m"; "1m2p" -> "1m"
    var v = hand.value.replace(/\s+$/, "");
    var m = /(\d)(\d*)([mpsz])$/.exec(v);
    if (!m) { hand.value = v.slice(0, -1); return; }
    hand.value = m[2] ? v.slice(0, m.index) + m[1] + m[2].slice(0, -1) + m[3] : v.slice(0, m.index);
  });
  document.getElementById("tile-clear").addEventListener("click", function () { hand.value = ""; });

  var upload = document.getElementById("upload");
  upload.addEventListener("change", function () {
    var file = upload.files[0];
    if (!file) return;
    var reader = new FileReader();
    reader.onload = function () { document.getElementById("toml").value = reader.result; };
    reader.readAsText(file);
  });

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var params = new URLSearchParams();
    var rulesets = [];
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || el.disabled) return;
      if (el.type === "checkbox" && !el.checked) return;
      var value = el.value.trim();
      if (!value) return;
      if (el.name === "rulesets") { rulesets.push(value); return; }
      if ((el.name === "seat" || el.name === "round") && value === "E") return;
      params.append(el.name, value);
    });
    if (rulesets.length) params.set("rulesets", rulesets.join(","));
    window.location.assign("/?" + params.toString().replace(/%2C/g, ","));
  });
})();

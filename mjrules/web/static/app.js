// The calculator form's helpers: tiles and melds clicked into the hand, a chosen ruleset file read into the
// form, and a short link (only the options set, rulesets comma-separated) on submit. The page works
// without this script too: the server draws every result from the URL.
(function () {
  "use strict";
  var form = document.getElementById("calc");
  if (!form) return;
  var hand = form.elements.hand;

  // The hand is its concealed part (the last tile written is the winning tile), then the melds
  // after spaces: a concealed tile goes at the end of the first part, a meld at the end.
  var kind = document.getElementById("meld-kind");
  var from = document.getElementById("meld-from");
  var MARK = { previous: "-", opposite: "=", next: "+" };

  function parts() {
    var v = hand.value.trim();
    return v ? v.split(/\s+/) : [];
  }
  function concealedFirst(p) {
    // a hand typed as melds only, or empty: its concealed part is still to come
    return p.length && !/[-=+]/.test(p[0]) && !isClosedKan(p[0]) ? p : [""].concat(p);
  }
  function isClosedKan(text) { return /^(\d)\1{3}[mpsz]$/.test(text.replace(/0/g, "5")); }

  // A meld of the clicked tile: "3-45m" (chi from the previous player, the clicked tile called and
  // lowest; 8 and 9 end the run), "555=z" (pon), "5555+p" (open kan), "111=1z" (added kan),
  // "9999s" (closed kan). The mark follows the called tile, as the notation says.
  function meld(t) {
    var d = t.charAt(0), suit = t.charAt(1), n = d === "0" ? 5 : +d, m = MARK[from.value];
    switch (kind.value) {
      case "chi":
        if (suit === "z") return null;
        if (n <= 7) return d + "-" + (n + 1) + (n + 2) + suit;
        return d + "-" + (n - 2) + (n - 1) + suit;
      case "pon": return "" + n + n + d + m + suit;
      case "kan": return "" + n + n + n + d + m + suit;
      case "kakan": return "" + n + n + d + m + n + suit;
      case "ankan": return "" + n + n + n + d + suit;
    }
    return null;
  }

  function syncFrom() { from.disabled = kind.value === "" || kind.value === "chi" || kind.value === "ankan"; }
  kind.addEventListener("change", syncFrom);
  syncFrom();

  document.querySelectorAll(".palette button[data-tile]").forEach(function (b) {
    b.addEventListener("click", function () {
      var t = b.getAttribute("data-tile");
      var p = concealedFirst(parts());
      if (kind.value) {
        var written = meld(t);
        if (written) p.push(written);
      } else {
        p[0] += t;
      }
      hand.value = p.join(" ").trim();
    });
  });
  document.getElementById("tile-back").addEventListener("click", function () {
    // the last concealed tile: "123m" -> "12m"; "1m2p" -> "1m"
    var p = concealedFirst(parts());
    var v = p[0];
    var m = /(\d)(\d*)([mpsz])$/.exec(v);
    if (!m) p[0] = v.slice(0, -1);
    else p[0] = m[2] ? v.slice(0, m.index) + m[1] + m[2].slice(0, -1) + m[3] : v.slice(0, m.index);
    hand.value = p.join(" ").trim();
  });
  document.getElementById("meld-back").addEventListener("click", function () {
    var p = concealedFirst(parts());
    if (p.length > 1) p.pop();
    hand.value = p.join(" ").trim();
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
      if (!el.name || el.disabled || el.type === "submit") return;
      if (el.type === "checkbox" && !el.checked) return;
      var value = el.value.trim();
      if (!value) return;
      if (el.name === "rulesets") { rulesets.push(value); return; }
      if ((el.name === "seat" || el.name === "round") && value === "E") return;
      params.append(el.name, value);
    });
    if (rulesets.length) params.set("rulesets", rulesets.join(","));
    // the button pressed: "Score", or the discard values (ev=1)
    if (event.submitter && event.submitter.name) params.set(event.submitter.name, event.submitter.value);
    window.location.assign("/?" + params.toString().replace(/%2C/g, ","));
  });
})();

// Shared by the student's and the staff page: calls to the course's JSON API with a bearer token,
// and table rows built from text (never from HTML).
"use strict";

const hog = {
  token: "",
  async call(path, options = {}) {
    const headers = { Authorization: "Bearer " + hog.token, ...(options.headers || {}) };
    if (options.body !== undefined) headers["Content-Type"] = "application/json";
    const reply = await fetch(path, {
      method: options.method || "GET",
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    if (!reply.ok) {
      let why = reply.statusText;
      try { why = (await reply.json()).error || why; } catch (e) { /* not JSON */ }
      throw new Error(why);
    }
    return options.raw ? reply : reply.json();
  },
  row(table, cells) {
    const tr = document.createElement("tr");
    for (const cell of cells) {
      const td = document.createElement("td");
      td.textContent = cell === null || cell === undefined ? "" : String(cell);
      tr.appendChild(td);
    }
    table.querySelector("tbody").appendChild(tr);
    return tr;
  },
  clear(table) { table.querySelector("tbody").replaceChildren(); },
  say(text, bad = false) {
    const message = document.getElementById("message");
    message.textContent = text;
    message.className = bad ? "bad" : "";
  },
  signin(form, then) {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      hog.token = document.getElementById("token").value.trim();
      try { await then(); } catch (error) { hog.say(error.message, true); }
    });
  },
};

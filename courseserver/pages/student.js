"use strict";

async function showMine() {
  const data = await hog.call("/api/results");
  document.getElementById("mine").hidden = false;
  const due = data.due ? `due ${data.due}` + (data.extension ? " (your extension)" : "") : "no due date";
  document.getElementById("who").textContent =
    `${data.student}: ${data.assignment}, ${due}; results are ${data.published ? "published" : "not published yet"}.`;
  const table = document.getElementById("uploads");
  hog.clear(table);
  let final = null;
  for (const upload of data.uploads.slice().reverse()) {
    const score = upload.result ? `${upload.result.total}/${upload.result.max_total ?? "?"}` : "";
    const tr = hog.row(table, [upload.received, upload.kind + (upload.late ? " (late)" : ""),
      upload.grading || "", score, upload.final ? "final" : "", upload.sha256.slice(0, 12)]);
    tr.dataset.kind = upload.kind;
    if (upload.final) final = upload;
  }
  const report = document.getElementById("report");
  const problems = document.getElementById("problems");
  hog.clear(problems);
  report.hidden = !(final && final.result && final.result.problems);
  if (!report.hidden) {
    for (const p of final.result.problems) {
      hog.row(problems, [`${p.label} ${p.title || ""}`, `${p.earned}/${p.points}`, p.passed ? "yes" : "no"]);
    }
  }
  hog.say(`${data.uploads.length} archive(s) received.`);
}

hog.signin(document.getElementById("signin"), showMine);

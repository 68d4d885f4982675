"use strict";

async function refresh() {
  const data = await hog.call("/api/staff/overview");
  document.getElementById("course").hidden = false;
  document.getElementById("assignment").textContent = data.assignment;
  const p = data.policy;
  document.getElementById("policy").textContent =
    `Due ${p.due || "(none)"}; late submissions: ${p.late}; the final submission: ${p.final}.`;
  document.getElementById("published").textContent = p.published ? "published" : "hidden";
  const queue = document.getElementById("queue");
  hog.clear(queue);
  for (const state of ["queued", "running", "done", "failed"]) hog.row(queue, [state, data.queue[state]]);
  hog.row(queue, ["messages on the queue", data.queue.waiting_on_queue ?? "unreachable"]);
  const workers = document.getElementById("workers");
  hog.clear(workers);
  for (const w of data.queue.workers) hog.row(workers, [w.name, w.seen, w.graded, w.alive ? "yes" : "no"]);
  const progress = document.getElementById("progress");
  hog.clear(progress);
  for (const problem of data.progress) {
    hog.row(progress, [problem.label, problem.points, problem.passed, problem.graded]);
  }
  const students = document.getElementById("students");
  hog.clear(students);
  for (const s of data.students) {
    const f = s.final || {};
    hog.row(students, [s.email, s.submissions, s.backups, f.received, f.grading,
      f.total === null || f.total === undefined ? "" : `${f.total}/${data.max_total}`, s.extension]);
  }
}

async function act(path, body, done) {
  try {
    const reply = await hog.call(path, { method: "POST", body });
    await refresh();  // the page shows the new state before it says the action is done
    hog.say(done(reply));
  } catch (error) { hog.say(error.message, true); }
}

hog.signin(document.getElementById("signin"), async () => { await refresh(); hog.say("Signed in."); });

document.getElementById("publish").addEventListener("click",
  () => act("/api/staff/publish", { published: true }, () => "Results are published."));
document.getElementById("unpublish").addEventListener("click",
  () => act("/api/staff/publish", { published: false }, () => "Results are hidden."));
document.getElementById("regrade-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const email = document.getElementById("regrade-email").value.trim();
  act("/api/staff/regrade", email ? { email } : {}, (r) => `${r.queued} regrade job(s) queued.`);
});
document.getElementById("extension-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const email = document.getElementById("extension-email").value.trim();
  const due = document.getElementById("extension-due").value.trim();
  act("/api/staff/extension", { email, due: due || null }, (r) => `${r.email}: due ${r.due || "as the class"}.`);
});
document.getElementById("policy-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const body = { late: document.getElementById("late").value, final: document.getElementById("final").value };
  const due = document.getElementById("due").value.trim();
  if (due) body.due = due;
  act("/api/staff/policy", body, () => "Policy saved.");
});
document.getElementById("export").addEventListener("click", async () => {
  try {
    const reply = await hog.call("/api/staff/grades.csv", { raw: true });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(await reply.blob());
    link.download = "grades.csv";
    link.click();
    URL.revokeObjectURL(link.href);
    hog.say("grades.csv downloaded.");
  } catch (error) { hog.say(error.message, true); }
});
setInterval(() => { if (hog.token) refresh().catch((error) => hog.say(error.message, true)); }, 10000);

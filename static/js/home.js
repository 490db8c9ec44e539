// The New game form: show only the chosen game's rules profile, and two spare
// seats at a time; the seat pickers and the one-field-per-player options follow the
// names typed in the seats. Without this script every fieldset and seat simply shows.
const form = document.querySelector(".new-game-form");
if (form) {
  document.documentElement.classList.add("js");
  const engineSelect = form.querySelector("#engine");
  const fieldsets = [...form.querySelectorAll("fieldset.options")];
  const showOptions = () => {
    for (const fieldset of fieldsets) {
      const chosen = fieldset.dataset.engine === engineSelect.value;
      fieldset.hidden = !chosen;
      fieldset.disabled = !chosen; // only the chosen game's options are submitted
    }
  };
  engineSelect.addEventListener("change", showOptions);
  showOptions();

  const extras = [...form.querySelectorAll(".seat.extra")];
  extras.forEach((seat) => seat.classList.add("collapsed"));
  if (extras.length) {
    const more = document.createElement("button");
    more.type = "button";
    more.className = "secondary more-seats";
    more.textContent = "Add a seat";
    more.addEventListener("click", () => {
      const next = extras.find((seat) => seat.classList.contains("collapsed"));
      if (next) {
        next.classList.remove("collapsed");
        next.querySelector("input").focus();
      }
      if (!extras.some((seat) => seat.classList.contains("collapsed"))) more.remove();
    });
    form.querySelector("fieldset.seats").after(more);
  }

  // A seat picker offers the seats that have a player, by name; a per-player field
  // shows for each named seat, labelled with the name.
  const seatInputs = [...form.querySelectorAll("fieldset.seats input[id^=player]")];
  const followSeats = () => {
    const names = seatInputs.map((input) => input.value.trim());
    for (const option of form.querySelectorAll("select[data-seat-picker] option[data-seat]")) {
      const name = names[Number(option.dataset.seat)];
      option.textContent = name || `Seat ${Number(option.dataset.seat) + 1}`;
      option.hidden = !name;
      option.disabled = !name;
    }
    for (const field of form.querySelectorAll(".per-seat-field")) {
      const seat = Number(field.dataset.seat);
      const name = names[seat];
      field.querySelector("[data-seat-name]").textContent = name || `Seat ${seat + 1}`;
      field.classList.toggle("unseated", !name);
    }
  };
  for (const input of seatInputs) input.addEventListener("input", followSeats);
  followSeats();
}

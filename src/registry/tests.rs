use super::*;
use crate::settings::{Key, OlrdForm, SpaForm};

#[test]
fn every_learner_builds_by_name_and_reports_its_own_algorithm() {
    for &a in Algorithm::ALL {
        assert_eq!(a.name().parse::<Algorithm>().unwrap(), a);
        let learner = AnyLearner::new(a, &Settings::default()).unwrap();
        assert_eq!(learner.algorithm(), a);
        assert_eq!(learner.info().name, a.name());
        // What `Info::DEFAULT` leaves empty, each learner says itself.
        let info = a.info();
        for own in [info.label, info.rule, info.step, info.passive, info.source] {
            assert!(!own.is_empty(), "{a}");
        }
        assert!(!(info.reads)(&Settings::default()).is_empty(), "{a}");
        assert_eq!(a.is_kernel(), learner.linear_model().is_none(), "{a}");
    }
    let err = "svm".parse::<Algorithm>().unwrap_err().to_string();
    assert!(err.starts_with("unknown algorithm 'svm'"), "{err}");
    assert_eq!(Algorithm::in_paper().count(), 8);
}

#[test]
fn the_event_log_order_of_learners_is_the_old_one() {
    // Links made before the registry recorded learner switches as these indices.
    let old = [
        "perceptron",
        "averaged-perceptron",
        "pocket",
        "pa",
        "pa1",
        "pa2",
        "kernel-perceptron",
        "kernel-pa1",
        "kernel-pa2",
        "projectron",
        "projectron++",
        "apsm",
        "spa",
        "olru",
        "olrd",
        "ald-projection",
        "arow",
        "scw1",
        "scw2",
        "alma",
        "romma",
        "aromma",
        "ogd",
        "sop",
        "cw",
        "iellip",
        "narow",
        "nherd",
    ];
    for (i, name) in old.iter().enumerate() {
        assert_eq!(Algorithm::ALL[i].name(), *name);
    }
}

#[test]
fn regression_only_for_the_pa_family() {
    let regression = Settings {
        task: Task::Regression,
        ..Settings::default()
    };
    let err = AnyLearner::new(Algorithm::Perceptron, &regression)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("perceptron does not do regression; the learners that do: pa, pa1, pa2"),
        "{err}"
    );
    assert_eq!(
        AnyLearner::new(Algorithm::Pa2, &regression).unwrap().task(),
        Task::Regression
    );
}

#[test]
fn retune_keeps_the_model_and_refuses_bad_values_atomically() {
    let mut learner = AnyLearner::new(Algorithm::Pa1, &Settings::default()).unwrap();
    learner.learn_one(Features::Dense(&[1.0, -2.0]), 1.0);
    let model = learner.linear_model();
    learner
        .retune(&Settings {
            c: 0.01,
            ..Settings::default()
        })
        .unwrap();
    assert_eq!(learner.linear_model(), model);
    let bad = Settings {
        c: 0.5,
        learning_rate: -1.0,
        ..Settings::default()
    };
    assert!(learner.retune(&bad).is_err());
    let AnyLearner::Pa1(pa) = &learner else {
        panic!()
    };
    assert_eq!(pa.c(), 0.01, "a refused retune changes nothing");
}

#[test]
fn warm_start_carries_the_weights() {
    let model = LinearModel {
        weights: vec![0.5, -1.0],
        bias: 0.25,
    };
    for &a in Algorithm::ALL.iter().filter(|a| !a.is_kernel()) {
        let learner = AnyLearner::warm_started(a, &Settings::default(), &model).unwrap();
        assert_eq!(learner.linear_model().unwrap(), model, "{a}");
    }
}

#[test]
fn a_setting_the_learner_does_not_use_is_refused_naming_who_uses_it() {
    let s = Settings::default();
    let err = refuse_unused(&[Algorithm::Projectron], &s, &[Key::Budget])
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("--budget is not used by projectron (Projectron's size is set by its projection threshold η (--eta)"), "{err}");
    assert!(
        err.ends_with(
            "it is used by kernel-perceptron, kernel-pa1, kernel-pa2, olrd, forgetron, stoptron, bogd, nogd, bpa-s, silk, bsgd"
        ),
        "{err}"
    );
    let err = refuse_unused(&[Algorithm::Projectron], &s, &[Key::C])
        .unwrap_err()
        .to_string();
    assert!(
        err.contains(
            "it is used by pa1, pa2, kernel-pa1, kernel-pa2, spa, scw1, scw2, nherd, bpa-s, silk"
        ),
        "{err}"
    );
    assert!(
        refuse_unused(&[Algorithm::Pa1, Algorithm::Perceptron], &s, &[Key::C]).is_ok(),
        "one of them uses it"
    );
    assert!(
        refuse_unused(&[Algorithm::Pa1], &s, &[Key::Seed]).is_ok(),
        "the seed is the run's"
    );
    let err = refuse_unused(&[Algorithm::KernelPa1], &s, &[Key::Degree])
        .unwrap_err()
        .to_string();
    assert_eq!(err, "--degree applies only with --kernel polynomial");
    let authors = Settings {
        spa_form: SpaForm::Authors,
        ..Settings::default()
    };
    assert!(refuse_unused(&[Algorithm::Spa], &authors, &[Key::SpaBeta]).is_err());
    let olrd = Settings {
        olrd_form: OlrdForm::Authors,
        ..Settings::default()
    };
    assert!(
        refuse_unused(&[Algorithm::Olrd], &olrd, &[Key::Budget]).is_err(),
        "the authors' OLRD has no cap"
    );
    let budgeted = Settings {
        budget: Some(50),
        ..Settings::default()
    };
    assert!(
        refuse_unused(&[Algorithm::Olrd], &budgeted, &[Key::OlrdC]).is_err(),
        "B is the budget then"
    );
}

#[test]
fn every_kernel_learner_either_caps_at_its_budget_or_says_what_sets_its_size() {
    let data = crate::data::Stream::new(crate::data::StreamConfig::new(
        crate::data::Preset::Spiral,
        2,
    ))
    .unwrap()
    .take(600);
    let s = Settings {
        budget: Some(17),
        dictionary: 40,
        sigma: 0.3,
        ..Settings::default()
    };
    for &a in Algorithm::ALL.iter().filter(|a| a.is_kernel()) {
        let mut learner = AnyLearner::new(a, &s).unwrap();
        let mut largest = 0;
        for i in 0..data.len() {
            learner.learn_one(data.row(i), data.label(i));
            largest = largest.max(learner.support_size());
        }
        if a.settings_in_force(&s).contains(&Key::Budget) {
            assert!(
                largest <= 17,
                "{a}: {largest} support vectors over a budget of 17"
            );
        } else {
            assert!(
                !a.info().size.is_empty(),
                "{a} takes no budget and must say what sets its size"
            );
        }
        if let Some(cap) = a.cap(&s) {
            assert!(
                largest <= cap,
                "{a}: {largest} support vectors over its cap {cap}"
            );
        }
    }
}

#[test]
fn a_learner_without_a_cap_says_what_bounds_it_and_a_capped_one_says_nothing() {
    let s = Settings::default();
    let budgeted = Settings {
        budget: Some(50),
        ..Settings::default()
    };
    let perceptron = Algorithm::KernelPerceptron.uncapped(&s).unwrap();
    assert!(perceptron.ends_with("--budget N caps it"), "{perceptron}");
    assert_eq!(Algorithm::KernelPerceptron.uncapped(&budgeted), None);
    let projectron = Algorithm::Projectron.uncapped(&s).unwrap();
    assert!(projectron.contains("(--eta)"), "{projectron}");
    assert_eq!(Algorithm::Apsm.uncapped(&s), None, "L caps APSM");
    assert_eq!(Algorithm::Olrd.uncapped(&s), None, "B = 1 + c √T caps OLRD");
    let authors = Settings {
        olrd_form: crate::settings::OlrdForm::Authors,
        ..Settings::default()
    };
    assert!(Algorithm::Olrd.uncapped(&authors).is_some());
    for &a in Algorithm::ALL.iter().filter(|a| !a.is_kernel()) {
        assert_eq!(a.uncapped(&s), None, "{a} keeps no support set");
    }
}

#[test]
fn projectron_refuses_a_threshold_that_would_never_grow() {
    let s = Settings {
        eta: 1.0,
        ..Settings::default()
    };
    let err = AnyLearner::new(Algorithm::Projectron, &s)
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with(
            "projection threshold η must be at least 0 and below 1 with the Gaussian kernel"
        ),
        "{err}"
    );
    let linear = Settings {
        eta: 1.0,
        kernel: crate::settings::KernelKind::Linear,
        ..Settings::default()
    };
    assert!(
        AnyLearner::new(Algorithm::Projectron, &linear).is_ok(),
        "other kernels have no such bound"
    );
}

#[test]
fn compares_families_hold_every_learner_once_and_two_or_more_each() {
    use super::{group, GROUPS};
    let members = |g: &str| -> Vec<Algorithm> {
        Algorithm::ALL
            .iter()
            .copied()
            .filter(|&a| group(a) == g)
            .collect()
    };
    for &a in Algorithm::ALL {
        assert!(GROUPS.contains(&group(a)), "{a}: {}", group(a));
    }
    for g in GROUPS {
        assert!(members(g).len() >= 2, "{g}: {:?}", members(g));
    }
    assert_eq!(
        members("pocket"),
        [Algorithm::Pocket, Algorithm::BatchPocket]
    );
    assert_eq!(
        members("linear"),
        [
            Algorithm::Perceptron,
            Algorithm::AveragedPerceptron,
            Algorithm::Pa,
            Algorithm::Pa1,
            Algorithm::Pa2
        ]
    );
    assert_eq!(
        members("second-order"),
        [Algorithm::Arow, Algorithm::Scw1, Algorithm::Scw2]
    );
    assert_eq!(
        members("libol"),
        [
            Algorithm::Alma,
            Algorithm::Romma,
            Algorithm::Aromma,
            Algorithm::Ogd,
            Algorithm::Sop,
            Algorithm::Cw,
            Algorithm::Iellip,
            Algorithm::Narow,
            Algorithm::Nherd
        ]
    );
    assert_eq!(
        members("relatives"),
        [
            Algorithm::Ballseptron,
            Algorithm::Paum,
            Algorithm::ShiftingPerceptron,
            Algorithm::Pegasos,
            Algorithm::Winnow,
            Algorithm::SelectivePerceptron
        ]
    );
    // The menu's families, split: no group mixes two of them.
    for g in GROUPS.iter().filter(|&&g| g != "libol") {
        let first = members(g)[0].info().family;
        assert!(members(g).iter().all(|a| a.info().family == first), "{g}");
    }
    let kernel: Vec<Algorithm> = Algorithm::ALL
        .iter()
        .copied()
        .filter(|a| a.is_kernel())
        .collect();
    assert_eq!(members("kernel"), kernel);
    let card = Catalogue::new();
    assert!(card
        .learners
        .iter()
        .all(|l| l.group == group(l.name.parse().unwrap())));
}

#[test]
fn each_familys_declaration_and_the_registrys_rows_name_the_same_learners() {
    // Every family declared with `family!`, and its entries: a learner
    // whose row names a family that does not declare it fails to compile;
    // one declared but given no row, or a family left out here, fails.
    let families = [
        (super::lin::GROUP, super::lin::ENTRIES),
        (super::pf::GROUP, super::pf::ENTRIES),
        (super::so::GROUP, super::so::ENTRIES),
        (super::lf::GROUP, super::lf::ENTRIES),
        (super::rf::GROUP, super::rf::ENTRIES),
        (super::kf::GROUP, super::kf::ENTRIES),
    ];
    let mut rows: Vec<_> = Algorithm::ALL.iter().map(|a| a.declared_in()).collect();
    let mut declared: Vec<_> = families
        .iter()
        .flat_map(|&(group, entries)| entries.iter().map(move |&e| (group, e)))
        .collect();
    rows.sort();
    declared.sort();
    assert_eq!(rows, declared);
    // Each family is one of Compare's groups, and each group a family's.
    let mut groups: Vec<_> = families.iter().map(|f| f.0).collect();
    let mut compare = super::GROUPS.to_vec();
    groups.sort();
    compare.sort();
    assert_eq!(groups, compare);
}

// All an author writes: the package defines <online-learner>.
import 'online-learning-playground';
